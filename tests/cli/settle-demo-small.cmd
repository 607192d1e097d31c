settle @DATA@/demo-small.xml
