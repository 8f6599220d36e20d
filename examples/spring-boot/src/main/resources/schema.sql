create table orders (
  id identity primary key,
  order_id varchar(40) not null,
  sku varchar(40) not null,
  quantity int not null,
  reservation varchar(60) not null,
  payment varchar(80),
  status varchar(10) not null
);
