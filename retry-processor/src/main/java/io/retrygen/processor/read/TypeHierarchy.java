package io.retrygen.processor.read;

import io.retrygen.processor.elements.Declarations;
import io.retrygen.processor.elements.MissingTypeException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * The input's supertypes and the methods it has, in the order "nearest" is seen from the input:
 * the input, its superclass chain, then the interfaces of each of those in declaration
 * order, each followed by its own superinterfaces; source order within a type.
 */
public final class TypeHierarchy {
  private final Elements elements;
  private final Types types;

  TypeHierarchy(Elements elements, Types types) {
    this.elements = elements;
    this.types = types;
  }

  /** The supertypes of {@code type}, nearest first, without {@code Object}. */
  public List<TypeElement> supertypes(TypeElement type) {
    List<TypeElement> classes = new ArrayList<>();
    classes.add(type);
    for (TypeElement c = superclass(type); c != null; c = superclass(c)) {
      classes.add(c);
    }
    Set<TypeElement> all = new LinkedHashSet<>(classes);
    for (TypeElement c : classes) {
      for (TypeMirror each : c.getInterfaces()) {
        addInterface(asTypeElement(each), all);
      }
    }
    all.remove(type);
    return new ArrayList<>(all);
  }

  private void addInterface(TypeElement iface, Set<TypeElement> all) {
    if (all.add(iface)) {
      for (TypeMirror each : iface.getInterfaces()) {
        addInterface(asTypeElement(each), all);
      }
    }
  }

  private TypeElement superclass(TypeElement type) {
    TypeMirror superclass = type.getSuperclass();
    if (superclass.getKind() == TypeKind.NONE) {
      return null;
    }
    TypeElement element = asTypeElement(superclass);
    return element.getQualifiedName().contentEquals("java.lang.Object") ? null : element;
  }

  private TypeElement asTypeElement(TypeMirror type) {
    if (type.getKind() == TypeKind.ERROR) {
      throw new MissingTypeException(type.toString());
    }
    return (TypeElement) types.asElement(type);
  }

  /**
   * The instance methods the input has, most specific declaration first, without the methods of
   * {@code Object} (but with an interface's {@code clone()} or {@code finalize()}, marked); each
   * with the declarations it overrides.
   */
  public List<MethodEntry> methods(TypeElement type, List<TypeElement> supertypes) {
    DeclaredType declared = (DeclaredType) type.asType();
    List<ExecutableElement> objectMethods =
        ElementFilter.methodsIn(elements.getTypeElement("java.lang.Object").getEnclosedElements());
    List<MethodEntry> entries = new ArrayList<>();
    List<TypeElement> all = new ArrayList<>();
    all.add(type);
    all.addAll(supertypes);
    for (TypeElement owner : all) {
      next:
      for (ExecutableElement method : ElementFilter.methodsIn(owner.getEnclosedElements())) {
        Set<Modifier> modifiers = method.getModifiers();
        if (modifiers.contains(Modifier.STATIC) || modifiers.contains(Modifier.PRIVATE)) {
          continue;
        }
        boolean objectMethod = false;
        for (ExecutableElement each : objectMethods) {
          if (sameErasedSignature(method, each)) {
            if (!type.getKind().isInterface() || each.getModifiers().contains(Modifier.PUBLIC)) {
              continue next;
            }
            objectMethod = true;
          }
        }
        ExecutableType methodType = (ExecutableType) types.asMemberOf(declared, method);
        for (MethodEntry entry : entries) {
          if (entry.method.getSimpleName().equals(method.getSimpleName())
              && types.isSubsignature(entry.type, methodType)) {
            entry.overridden.add(method);
            continue next;
          }
        }
        MissingTypeException.requireResolved(methodType);
        entries.add(new MethodEntry(method, methodType, objectMethod));
      }
    }
    return entries;
  }

  private boolean sameErasedSignature(ExecutableElement a, ExecutableElement b) {
    return a.getSimpleName().equals(b.getSimpleName())
        && a.getParameters().size() == b.getParameters().size()
        && Declarations.takesThen(types, a, null, b);
  }

}
