package io.retrygen.docs;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.spring.RetrygenConfiguration;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** A bean of a guarded class made by a @Bean method returns the generated class. */
@Configuration(proxyBeanMethods = false)
class InventoryConfiguration {
  @Bean
  InventoryService inventoryService(
      @Qualifier(RetrygenConfiguration.OPTIONS_BEAN) RetryOptions options,
      @Qualifier("eu") WarehouseClient warehouse) {
    return new InventoryServiceRetrying(options, warehouse);
  }
}
