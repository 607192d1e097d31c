transition @DATA@/demo-small.xml
