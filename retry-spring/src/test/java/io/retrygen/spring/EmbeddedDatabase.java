package io.retrygen.spring;

import javax.sql.DataSource;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseBuilder;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseType;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.EnableTransactionManagement;

/**
 * The database of a test configuration that extends it: an H2 database of its own, created from
 * {@link #schema()}, with a {@code JdbcTemplate} and Spring's {@code DataSourceTransactionManager},
 * and {@code @Transactional} in force.
 */
@EnableTransactionManagement
abstract class EmbeddedDatabase {
  /** The script on the class path that creates the tables. */
  abstract String schema();

  @Bean(destroyMethod = "shutdown")
  DataSource dataSource() {
    return new EmbeddedDatabaseBuilder()
        .setType(EmbeddedDatabaseType.H2)
        .generateUniqueName(true)
        .addScript(schema())
        .build();
  }

  @Bean
  JdbcTemplate jdbcTemplate(DataSource dataSource) {
    return new JdbcTemplate(dataSource);
  }

  @Bean
  PlatformTransactionManager transactionManager(DataSource dataSource) {
    return new DataSourceTransactionManager(dataSource);
  }
}
