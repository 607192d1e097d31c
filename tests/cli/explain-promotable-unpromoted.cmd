explain @DATA@/demo.xml db:1 echo --time '2024-06-01 12:00:00'
