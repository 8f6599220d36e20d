package io.retrygen.processor.check;

import io.retrygen.processor.elements.Messages;
import java.util.HashMap;
import java.util.Map;
import javax.lang.model.element.Element;

/**
 * The settings of objects the runtime shares by name in the process (named breakers, retry
 * budgets), as first declared in this compilation: two declarations of one name must agree, since
 * at run time the first one created wins. Strings, not elements: it outlives the round.
 */
public final class SharedSettings {
  /** Name to {settings, where declared}. */
  private final Map<String, String[]> byName = new HashMap<>();

  /**
   * Records {@code settings} for {@code name}, declared on {@code element}; returns the first
   * declaration of that name, {settings, where}, when it has other settings and is another
   * declaration, else null.
   */
  String[] conflict(String name, String settings, Element element) {
    String where = Messages.declaration(element);
    String[] first = byName.get(name);
    if (first == null) {
      byName.put(name, new String[] {settings, where});
      return null;
    }
    return !first[0].equals(settings) && !first[1].equals(where) ? first : null;
  }
}
