transition @TESTS@/cases/standby-node.xml
