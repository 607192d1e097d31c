transition @TESTS@/cases/failcount-threshold.xml
