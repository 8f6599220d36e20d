create table entries (message_id varchar(20) not null, word varchar(40) not null);
create table dead_letter (message_id varchar(20) not null, body varchar(200) not null, reason varchar(200) not null);
