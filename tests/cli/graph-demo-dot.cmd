graph @DATA@/demo.xml --dot --time '2024-06-01 12:00:00'
