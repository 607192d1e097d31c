graph @TESTS@/bundle/inner-docker-ip.xml
