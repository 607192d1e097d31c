scores @TESTS@/cases/no-such-cib.xml
