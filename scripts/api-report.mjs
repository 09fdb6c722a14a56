#!/usr/bin/env node
/**
 * The public API of every entry, types included, as one Markdown report (`api/chatparts.api.md`):
 * each exported name with its kind and its signature or declaration, read by the TypeScript checker
 * from the sources the entries point at. `npm run api` writes it; `--check` (run by the test
 * script) exits 1 when the committed report differs, so a change to the surface is a change to this
 * file, made on purpose.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'

const root = join(import.meta.dirname, '..')
export const reportPath = join(root, 'api/chatparts.api.md')

/** Entry name → source file, from package.json's exports and tsconfig.json's paths. */
function entries() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const config = ts.parseConfigFileTextToJson('tsconfig.json', readFileSync(join(root, 'tsconfig.json'), 'utf8')).config
  const paths = config.compilerOptions.paths
  return Object.keys(pkg.exports)
    .filter((key) => !key.endsWith('.css') && !key.endsWith('.json'))
    .map((key) => {
      const name = `chatparts${key.slice(1)}`
      return { name, file: join(root, paths[name][0]) }
    })
}

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed })
const FLAGS =
  ts.TypeFormatFlags.NoTruncation |
  ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope |
  ts.TypeFormatFlags.WriteArrowStyleSignature

/** One line (or block) per exported symbol. */
function describe(checker, symbol, name) {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
  const declarations = target.declarations ?? []
  const out = []
  for (const declaration of declarations) {
    const source = declaration.getSourceFile()
    if (ts.isSourceFile(declaration) || ts.isModuleDeclaration(declaration)) {
      // A namespace re-export (`export * as build`): its own members, one level down.
      const members = checker.getExportsOfModule(target).sort((a, b) => a.name.localeCompare(b.name))
      out.push(
        `namespace ${name} {\n${members.map((member) => `  ${describe(checker, member, member.name).replace(/\n/g, '\n  ')}`).join('\n')}\n}`,
      )
      break
    }
    if (ts.isFunctionDeclaration(declaration)) {
      const signature = checker.getSignatureFromDeclaration(declaration)
      out.push(`function ${name}${checker.signatureToString(signature, undefined, FLAGS)}`)
    } else if (
      ts.isInterfaceDeclaration(declaration) ||
      ts.isTypeAliasDeclaration(declaration) ||
      ts.isEnumDeclaration(declaration)
    ) {
      const text = printer.printNode(ts.EmitHint.Unspecified, declaration, source).replace(/^export (declare )?/, '')
      out.push(text.replace(new RegExp(`^(interface|type|enum) ${declaration.name.text}\\b`), `$1 ${name}`))
    } else if (ts.isClassDeclaration(declaration)) {
      const heritage = declaration.heritageClauses?.map((clause) => clause.getText(source)).join(' ')
      const parameters = declaration.typeParameters
        ? `<${declaration.typeParameters.map((parameter) => parameter.getText(source)).join(', ')}>`
        : ''
      // What an app can reach: no private or protected member, no `#` field.
      const members = declaration.members
        .filter(
          (member) => !(ts.getCombinedModifierFlags(member) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)),
        )
        .filter(
          (member) => (member.name && !ts.isPrivateIdentifier(member.name)) || ts.isConstructorDeclaration(member),
        )
        .map((member) => {
          if (ts.isConstructorDeclaration(member))
            return `constructor${checker.signatureToString(checker.getSignatureFromDeclaration(member), undefined, FLAGS)}`
          const memberSymbol = checker.getSymbolAtLocation(member.name)
          return `${member.name.getText(source)}: ${memberSymbol ? checker.typeToString(checker.getTypeOfSymbolAtLocation(memberSymbol, member), undefined, FLAGS) : '?'}`
        })
      out.push(
        `class ${name}${parameters}${heritage ? ` ${heritage}` : ''} {\n${members.map((member) => `  ${member}`).join('\n')}\n}`,
      )
    } else if (ts.isVariableDeclaration(declaration)) {
      const type = checker.getTypeOfSymbolAtLocation(target, declaration)
      out.push(`const ${name}: ${checker.typeToString(type, undefined, FLAGS)}`)
    } else {
      out.push(`${ts.SyntaxKind[declaration.kind]} ${name}`)
    }
  }
  return out.join('\n')
}

/** The report's text. */
export function apiReport() {
  const list = entries()
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  )
  const program = ts.createProgram(
    list.map((entry) => entry.file),
    config.options,
  )
  const checker = program.getTypeChecker()
  const sections = list.map(({ name, file }) => {
    const source = program.getSourceFile(file)
    const module = source && checker.getSymbolAtLocation(source)
    const exports = module ? checker.getExportsOfModule(module).sort((a, b) => a.name.localeCompare(b.name)) : []
    const body = exports.map((symbol) => describe(checker, symbol, symbol.name)).join('\n\n')
    return `## ${name}\n\n${exports.length} names\n\n\`\`\`ts\n${body}\n\`\`\`\n`
  })
  return `# The public API of chatparts\n\nWritten by \`npm run api\` from the sources, checked by the tests. A change here is a change to\nwhat apps can import: make it on purpose.\n\n${sections.join('\n')}`
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = apiReport()
  if (process.argv.includes('--check')) {
    const committed = readFileSync(reportPath, 'utf8')
    if (committed !== text) {
      console.error('api/chatparts.api.md is out of date: run `npm run api` and commit it')
      process.exit(1)
    }
  } else writeFileSync(reportPath, text)
}
