scores @TESTS@/bundle/instance-order-second-print.xml
