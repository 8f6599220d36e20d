package io.retrygen.docs;

import io.retrygen.spring.EnableRetrygen;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;

/** Without Spring Boot: one annotation on a configuration class. */
@Configuration
@ComponentScan
@EnableRetrygen
class AppConfig {}
