where @DATA@/demo.xml db-clone --time '2024-06-01 12:00:00'
