/** Not API: the drivers that generated code calls for methods returning RxJava 3 types. */
package io.retrygen.rxjava3;
