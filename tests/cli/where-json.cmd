where @DATA@/demo.xml web --time '2024-06-01 12:00:00' --json
