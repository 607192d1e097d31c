where @DATA@/demo.xml nosuch
