explain @DATA@/demo.xml db:0 delta --time '2024-06-01 12:00:00'
