transition @TESTS@/cases/group-basic.xml
