graph @DATA@/demo.xml nosuch --time '2024-06-01 12:00:00'
