@DATA@/demo-small.xml --exec 'ban "web alpha'
