graph @TESTS@/graph/cycle-conflict.xml
