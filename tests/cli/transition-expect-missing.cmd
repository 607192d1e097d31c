transition @DATA@/demo.xml --time '2024-06-01 12:00:00' --expect 'Move web-*; Move db; Stop ping'
