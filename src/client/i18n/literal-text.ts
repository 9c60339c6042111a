import ts from 'typescript';

/** A text a person would read, written in a component instead of taken from a catalogue. */
export interface LiteralText {
  line: number;
  text: string;
}

/**
 * Props and object keys that carry words a person reads: their string values must come from a
 * catalogue. (Style props, ids, routes and enum values are not in it.)
 */
const TEXT_NAMES =
  /^(?:aria-label|aria-description|aria-roledescription|aria-valuetext|aria-placeholder|title|placeholder|alt|label|description|heading|eyebrow|hint|tooltip|caption|subtitle|message|text|errorText|helperText|emptyText|[a-z]+(?:Label|Text|Title|Message|Description|Heading|Hint|Caption|Placeholder))$/;

/** Natural language: two words or more, or one capitalized word, with a letter in it. */
const SENTENCE =
  /^[\p{Lu}][\p{Ll}’']+(?:[\s\u00a0]+\S+)+$|^[\p{L}][\p{L}’',]*(?:[\s\u00a0]+[\p{L}’',.!?…:;()-]+){2,}$/u;
const CAPITALIZED_WORD = /^[\p{Lu}][\p{Ll}]+[.!?…]?$/u;
const HAS_LETTER = /\p{L}/u;
/** A catalogue id (`common.nav.home`), or a design token of the same shape (`gray.600`). */
const MESSAGE_ID = /^[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+$/;

/** A comment before a literal that marks it as a value, not a text: `/* value: … *\/`. */
const VALUE_COMMENT = /\/\*\s*value\b/;

function propertyName(name: ts.PropertyName | ts.JsxAttributeName): string | null {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  if (ts.isJsxNamespacedName(name)) return `${name.namespace.text}:${name.name.text}`;
  return null;
}

/** Whether a literal sits where only values go: imports, comparisons, cases, errors, logs, keys. */
function isValuePosition(node: ts.Node): boolean {
  let child: ts.Node = node;
  let parent = node.parent;
  // Through parentheses, conditionals and `as const`, to the literal's real place.
  while (
    parent &&
    (ts.isParenthesizedExpression(parent) ||
      ts.isConditionalExpression(parent) ||
      ts.isAsExpression(parent) ||
      ts.isSatisfiesExpression(parent) ||
      (ts.isBinaryExpression(parent) &&
        (parent.operatorToken.kind === ts.SyntaxKind.BarBarToken ||
          parent.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)))
  ) {
    child = parent;
    parent = parent.parent;
  }
  if (!parent) return true;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isImportTypeNode(parent))
    return true;
  if (ts.isLiteralTypeNode(parent)) return true;
  if (ts.isCaseClause(parent)) return true;
  if (ts.isElementAccessExpression(parent) && parent.argumentExpression === child) return true;
  if (ts.isBinaryExpression(parent)) {
    const op = parent.operatorToken.kind;
    if (
      op === ts.SyntaxKind.EqualsEqualsEqualsToken ||
      op === ts.SyntaxKind.ExclamationEqualsEqualsToken ||
      op === ts.SyntaxKind.EqualsEqualsToken ||
      op === ts.SyntaxKind.ExclamationEqualsToken ||
      op === ts.SyntaxKind.InKeyword
    )
      return true;
  }
  if (ts.isPropertyAssignment(parent) && parent.name === child) return true;
  if (ts.isNewExpression(parent) || ts.isThrowStatement(parent)) return true;
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText();
    if (
      /^console\.|^(?:describe|it|test|expect)\b|\.(?:includes|startsWith|endsWith|get|set|has|getItem|setItem|removeItem|querySelector|querySelectorAll|closest|matches|addEventListener|removeEventListener)$/.test(
        callee,
      )
    )
      return true;
  }
  return false;
}

/**
 * Texts in a client module that do not come from a catalogue: JSX text with a letter; string values
 * of text-carrying props and object keys (`aria-label`, `title`, `label`, `placeholder`,
 * `…Message`…); and any other string that reads as words (a capitalized word, or a phrase), unless it
 * sits where only values go (an import, a comparison, a case, an error for developers) or a
 * `/* value *\/` comment says it is one (a stored category, a brand).
 */
export function literalTexts(fileName: string, source: string): LiteralText[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: LiteralText[] = [];
  const add = (node: ts.Node, text: string) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push({ line: line + 1, text: text.trim().replace(/\s+/g, ' ') });
  };
  const markedAsValue = (node: ts.Node) =>
    VALUE_COMMENT.test(source.slice(node.getFullStart(), node.getStart(file)));

  const textOwner = (node: ts.Node): string | null => {
    let parent = node.parent;
    while (
      parent &&
      (ts.isParenthesizedExpression(parent) ||
        ts.isConditionalExpression(parent) ||
        ts.isJsxExpression(parent) ||
        ts.isAsExpression(parent) ||
        (ts.isBinaryExpression(parent) &&
          (parent.operatorToken.kind === ts.SyntaxKind.BarBarToken ||
            parent.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)))
    )
      parent = parent.parent;
    if (!parent) return null;
    if (ts.isJsxAttribute(parent)) return propertyName(parent.name);
    if (ts.isPropertyAssignment(parent) && parent.initializer !== node) {
      const name = propertyName(parent.name);
      return name;
    }
    if (ts.isPropertyAssignment(parent)) return propertyName(parent.name);
    return null;
  };

  const visit = (node: ts.Node) => {
    // A shared schema's English sentence drawn as it is (`{EVENT_MESSAGES.pastDate}`): it needs
    // messageText() (or a catalogue id) to be in the page's language.
    if (
      ts.isJsxExpression(node) &&
      node.expression &&
      ts.isPropertyAccessExpression(node.expression) &&
      /MESSAGES$/.test(node.expression.expression.getText(file)) &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      add(node, node.expression.getText(file));
    }
    if (ts.isJsxText(node)) {
      if (HAS_LETTER.test(node.text)) add(node, node.text);
      return;
    }
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateExpression(node)
    ) {
      const text = ts.isTemplateExpression(node)
        ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ')
        : node.text;
      if (HAS_LETTER.test(text) && !MESSAGE_ID.test(text) && !markedAsValue(node)) {
        const owner = textOwner(node);
        if (owner !== null && TEXT_NAMES.test(owner)) add(node, text);
        else if (
          owner === null &&
          !isValuePosition(node) &&
          (SENTENCE.test(text.trim()) || CAPITALIZED_WORD.test(text.trim()))
        )
          add(node, text);
      }
      if (!ts.isTemplateExpression(node)) return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
