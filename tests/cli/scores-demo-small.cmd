scores @DATA@/demo-small.xml
