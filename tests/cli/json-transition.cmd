transition @DATA@/demo-small.xml --time '2024-06-01 12:00:00' --json --expect 'Move report'
