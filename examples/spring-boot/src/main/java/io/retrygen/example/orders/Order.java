package io.retrygen.example.orders;

/** A placed order, as stored and as the endpoint returns it. */
public record Order(
    String orderId, String sku, int quantity, String reservation, String payment, String status) {}
