explain @TESTS@/cases/failcount-threshold.xml rsc1 node1
