scores @DATA@/demo.xml --dot
