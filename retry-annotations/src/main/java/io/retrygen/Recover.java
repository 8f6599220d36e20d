package io.retrygen;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method that gives the result of a guarded method when that method gives up: attempts
 * or time exhausted, a failure that is not retried, or an open circuit.
 *
 * <p>A recover method lives in the same type as the guarded method or in a supertype, is
 * non-private, non-static and has a body (in an interface: a {@code default} method, called on
 * the delegate). It returns a type assignable to the guarded method's return type and takes,
 * optionally, first the failure (a {@code Throwable} subtype), then a prefix of the guarded
 * method's parameters. Its checked exceptions must be allowed by the guarded method's {@code
 * throws} clause.
 *
 * <pre>{@code
 * @Retryable(retryFor = IOException.class)
 * Receipt charge(String account, long cents) throws IOException;
 *
 * @Recover
 * default Receipt queueForLater(IOException failure, String account, long cents) {
 *   return Receipt.pending(account, cents);
 * }
 * }</pre>
 *
 * <p>Of the fitting candidates, the one whose failure parameter is the most specific type the
 * failure is an instance of is called; one without a failure parameter matches every failure and
 * comes last. With no match, the last failure is rethrown unchanged. Failures listed in {@link
 * Retryable#notRecoverable()} are never recovered. Everything is resolved at compile time: two
 * candidates with the same failure type are a compile error, and a {@code @Recover} method that
 * fits no guarded method is a compile warning.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Recover {}
