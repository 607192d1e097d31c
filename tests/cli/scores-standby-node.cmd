scores @TESTS@/cases/standby-node.xml
