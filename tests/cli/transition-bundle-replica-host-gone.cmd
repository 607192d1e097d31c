transition @TESTS@/bundle/history-host-offline.xml
