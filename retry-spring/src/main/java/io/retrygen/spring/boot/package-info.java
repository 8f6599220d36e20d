/** The Spring Boot auto-configuration of retry-spring. */
package io.retrygen.spring.boot;
