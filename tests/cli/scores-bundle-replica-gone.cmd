scores @TESTS@/bundle/history-fewer-replicas.xml
