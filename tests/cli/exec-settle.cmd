@DATA@/demo-small.xml --exec 'ban report bravo; settle'
