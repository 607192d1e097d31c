explain @TESTS@/cases/stickiness-resource.xml rsc1 node1
