@DATA@/demo-small.xml --exec help
