transition @TESTS@/cases/colocation-mandatory.xml
