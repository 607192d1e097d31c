explain @DATA@/demo.xml ping:0 alpha --time '2024-06-01 12:00:00'
