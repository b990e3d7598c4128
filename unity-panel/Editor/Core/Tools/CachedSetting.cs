using System;

namespace AgentPanel.Core.Tools
{
    /// <summary>
    /// A setting read from its store once and then from memory, written through on change. For values read on every Editor
    /// update (EditorPrefs is a native call that reads the registry or a plist): only a write through <see cref="Value"/> or
    /// <see cref="Refresh"/> reads the store again.
    /// </summary>
    internal sealed class CachedSetting<T>
    {
        private readonly Func<T> read;
        private readonly Action<T> write;
        private bool loaded;
        private T value;

        public CachedSetting(Func<T> read, Action<T> write)
        {
            this.read = read ?? throw new ArgumentNullException(nameof(read));
            this.write = write ?? throw new ArgumentNullException(nameof(write));
        }

        /// <summary>The value (read from the store the first time only); setting it writes the store.</summary>
        public T Value
        {
            get
            {
                if (!loaded)
                {
                    value = read();
                    loaded = true;
                }
                return value;
            }
            set
            {
                write(value);
                this.value = value;
                loaded = true;
            }
        }

        /// <summary>Forget the remembered value: the next read asks the store (another process may have changed it).</summary>
        public void Refresh() => loaded = false;
    }
}
