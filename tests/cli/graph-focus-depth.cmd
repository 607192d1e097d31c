graph @DATA@/demo.xml db-vip --depth 1 --time '2024-06-01 12:00:00'
