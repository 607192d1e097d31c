scores @DATA@/demo-small.xml --expect none
