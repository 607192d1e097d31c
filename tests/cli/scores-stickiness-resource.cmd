scores @TESTS@/cases/stickiness-resource.xml
