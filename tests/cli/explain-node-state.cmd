explain @DATA@/demo.xml report charlie --time '2024-06-01 12:00:00'
