/**
 * The policy inventory: for each input, {@code META-INF/retrygen/<type>.json} lists every guarded
 * method with its effective policy (attempts, backoff and its worst-case total, classification,
 * breaker, budget, recover methods), for reviews and for tools that audit retry settings across a
 * code base. Written from the model alone, as the generated class is, and never read back.
 *
 * <p>Uses {@code elements} and {@code model}. A new guard adds its members in {@link
 * io.retrygen.processor.inventory.PolicyInventory}.
 */
package io.retrygen.processor.inventory;
