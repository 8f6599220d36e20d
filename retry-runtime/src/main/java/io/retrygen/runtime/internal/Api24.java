package io.retrygen.runtime.internal;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the classes of asynchronous support, which need Android API 24 ({@code
 * CompletableFuture}): the build checks them against that API level instead of 21, which the rest
 * of the runtime keeps. The synchronous path never loads them.
 */
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
@interface Api24 {}
