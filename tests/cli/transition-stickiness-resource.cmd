transition @TESTS@/cases/stickiness-resource.xml
