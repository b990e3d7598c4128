using System;
using System.Reflection;
using System.Reflection.Emit;
using AgentPanel.Core.Tools;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Tools
{
    /// <summary>AssemblyBuilder builds (script definitions) are told apart from the project's compiles in CompilationPipeline's events.</summary>
    public class CompileEventFilterTests
    {
        // A stand-in with Unity's full type name (AssemblyBuilder.Build passes the builder itself as the context), made at run
        // time so this assembly declares no type that clashes with UnityEditor's when Unity compiles the tests.
        private static readonly Lazy<(Type builder, Type derived)> Fakes = new Lazy<(Type, Type)>(() =>
        {
            var assembly = System.Reflection.Emit.AssemblyBuilder.DefineDynamicAssembly(new AssemblyName("CompileEventFilterFakes"), AssemblyBuilderAccess.Run);
            var module = assembly.DefineDynamicModule("CompileEventFilterFakes");
            var builder = module.DefineType("UnityEditor.Compilation.AssemblyBuilder", TypeAttributes.Public | TypeAttributes.Class).CreateTypeInfo().AsType();
            var derived = module.DefineType("Some.Package.MyBuilder", TypeAttributes.Public | TypeAttributes.Class, builder).CreateTypeInfo().AsType();
            return (builder, derived);
        });

        [Test]
        public void AnAssemblyBuilderContextIsNotAProjectCompile()
        {
            Assert.That(CompileEventFilter.IsProjectCompile(Activator.CreateInstance(Fakes.Value.builder)), Is.False);
            Assert.That(CompileEventFilter.IsProjectCompile(Activator.CreateInstance(Fakes.Value.derived)), Is.False, "a subclass too");
        }

        [Test]
        public void TheProjectsCompileContextsCount()
        {
            Assert.That(CompileEventFilter.IsProjectCompile(new object()), Is.True, "the Bee build object of a project compile");
            Assert.That(CompileEventFilter.IsProjectCompile(null), Is.True, "a request with no context");
        }

        [Test]
        public void DefinitionAssembliesAreNotProjectAssemblies()
        {
            Assert.That(CompileEventFilter.IsProjectAssembly("/p/Temp/AgentPanel/Definitions/0123456789abcdef/AgentPanel.Definition.0123456789abcdef.dll"), Is.False);
            Assert.That(CompileEventFilter.IsProjectAssembly(@"C:\p\Temp\AgentPanel\Definitions\x\AgentPanel.Definition.x.dll"), Is.False, "Windows separators");
            Assert.That(CompileEventFilter.IsProjectAssembly("Library/ScriptAssemblies/Assembly-CSharp.dll"), Is.True);
            Assert.That(CompileEventFilter.IsProjectAssembly("Library/ScriptAssemblies/AgentPanel.Editor.dll"), Is.True, "the package's own assemblies are the project's");
        }

        [Test]
        public void TheFilterMatchesTheNameScriptDefinitionsAreBuiltUnder()
        {
            var wrapped = AgentPanel.Core.Tools.Definitions.ScriptWrapper.Wrap("return 1;");
            Assert.That(CompileEventFilter.IsProjectAssembly("Temp/" + wrapped.AssemblyName + ".dll"), Is.False);
        }
    }
}
