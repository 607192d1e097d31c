@DATA@/demo-small.xml --exec "ban db alpha" --exec "save /tmp/x.xml"
