create table orders (id varchar(20) not null, attempt int not null);
