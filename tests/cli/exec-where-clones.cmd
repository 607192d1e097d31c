@DATA@/demo.xml --time '2024-06-01 12:00:00' --exec 'where ping-clone; where db-clone; where db:0; where web'
